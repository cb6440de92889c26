<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="levels" tilewidth="52" tileheight="60" tilecount="5" columns="5">
 <image source="levels.png" width="260" height="60"/>
 <tile id="0">
  <properties>
   <property name="level" type="float" value="-1"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="level" type="float" value="-0.5"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="level" type="float" value="0"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="level" type="float" value="0.5"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="level" type="float" value="1"/>
  </properties>
 </tile>
</tileset>
