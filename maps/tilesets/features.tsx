<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="features" tilewidth="52" tileheight="60" tilecount="2" columns="2">
 <image source="features.png" width="104" height="60"/>
 <tile id="0">
  <properties>
   <property name="feature" value="walkway"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="feature" value="walkway_end"/>
  </properties>
 </tile>
</tileset>
